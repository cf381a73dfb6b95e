"""Run the command line: ``python -m cardlab ...`` is ``cardlab.cli.main`` (its exit code is the process's)."""

import sys

from cardlab.cli import main

sys.exit(main())
