"""Postmen: a digital edition of the solitaire wargame *Soldiers in Postmen's Uniforms*."""

import os

__version__ = "0.1.0"

# pygame-ce prints a greeting line on import; the game's own output (simulate tables, errors) stays clean.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
