"""One package per game; importing this package registers every game with the engine.

Each package here is imported, and its ``__init__`` calls ``cardlab.engine.register``: a new game is a new
package (``docs/architecture.md`` lists its files). The modules inside a game's package are its own business.
"""

import importlib
import pkgutil

for _module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    if not _module.name.startswith("_"):
        importlib.import_module(f"{__name__}.{_module.name}")
