"""bluffkit: bluffing and auction games for game-theory classrooms."""

__version__ = "0.2.0"
