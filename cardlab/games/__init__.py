"""One module per game; importing this package registers every game with the engine."""

from cardlab.games import golyi  # noqa: F401
