"""Analysis: simulations and tournaments as tidy pandas frames."""
