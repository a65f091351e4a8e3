"""Postmen: a digital edition of the solitaire wargame *Soldiers in Postmen's Uniforms*."""

__version__ = "0.1.0"
