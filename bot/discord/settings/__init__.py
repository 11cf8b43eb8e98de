"""The server's settings: ``/goita settings``, its menus and forms (see :mod:`._cog`)."""

from ._cog import SettingsCog

__all__ = ["SettingsCog"]
