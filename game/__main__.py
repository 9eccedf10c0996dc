"""``python -m game``: the game, or a headless tool when a subcommand is given."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
