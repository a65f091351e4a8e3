"""Entry script of the frozen executable (tools/build_exe.py): the same command line as ``postmen``."""

import multiprocessing
import sys

from game.__main__ import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # simulate --jobs spawns workers: they must not re-run the command line
    sys.exit(main())
