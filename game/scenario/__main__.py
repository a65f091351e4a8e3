"""``python -m game.scenario FILES_OR_FOLDERS [--events]``: run scenario files (see :mod:`game.scenario.runner`)."""

import sys

from game.scenario.runner import main

sys.exit(main())
