"""One module per game; importing this package registers every game with the engine.

``cardlab.games`` is both this package and the public function ``cardlab.games()`` (DESIGN.md): the package
module is made callable, so ``cardlab.games()`` returns the game names however it was imported.
"""

import sys
import types

from cardlab.games import golyi  # noqa: F401


class _CallablePackage(types.ModuleType):
    def __call__(self) -> tuple[str, ...]:
        from cardlab.engine import games

        return games()


sys.modules[__name__].__class__ = _CallablePackage
