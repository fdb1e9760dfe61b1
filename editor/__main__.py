"""``python -m editor``: the same as the ``carcassonne-editor`` command."""

import sys

from editor.cli import main

sys.exit(main())
