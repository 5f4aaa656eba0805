"""``python3 -m alea``: see :mod:`alea.cli`."""

from .cli import main

raise SystemExit(main())
