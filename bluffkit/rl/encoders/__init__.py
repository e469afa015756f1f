"""One module per game: its fixed action and observation encoding (:mod:`bluffkit.rl.encoding`)."""
