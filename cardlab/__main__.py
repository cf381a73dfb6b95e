import sys

from cardlab.cli import main

sys.exit(main())
