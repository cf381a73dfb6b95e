"""One module per game; importing this package registers every game with the engine.

Every module here is imported, so a new game is just a new file that calls ``cardlab.engine.register``
(a helper module of a game, such as a hand ranking, registers nothing and is simply imported too).
"""

import importlib
import pkgutil

for _module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    if not _module.name.startswith("_"):
        importlib.import_module(f"{__name__}.{_module.name}")
