"""The MArcomage web site: a Django + Channels project, one app per site section."""

from marcomage.web.core.converters import register as _register_converters

_register_converters()  # `<id:...>` in every URLconf (core/converters.py)
