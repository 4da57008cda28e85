"""The base of every settings class: frozen dataclasses with ``resolve()``.

>>> from dataclasses import dataclass
>>> import enum
>>> class Mode(str, enum.Enum):
...     FAST = "fast"
...     EXACT = "exact"
>>> @dataclass(frozen=True, slots=True, kw_only=True)
... class Demo(Settings):
...     tolerance: float = 0.5
...     mode: Mode = Mode.FAST
>>> Demo.resolve({"mode": "exact"}).mode
<Mode.EXACT: 'exact'>
>>> Demo.resolve({"mode": "slow"})
Traceback (most recent call last):
...
pdftract.errors.SettingsError: INVALID_SETTING: Demo.mode: 'slow' is not one of 'fast', 'exact'
>>> Demo.resolve({"tolerence": 1})
Traceback (most recent call last):
...
pdftract.errors.SettingsError: INVALID_SETTING: Demo: unknown setting 'tolerence'; valid settings: mode, tolerance
"""

from __future__ import annotations

import dataclasses
import enum
import typing
from collections.abc import Mapping
from typing import Any, NoReturn, TypeVar

from pdftract.errors import SettingsError

S = TypeVar("S", bound="Settings")


class Settings:
    """Mixin for frozen settings dataclasses. Subclasses may override :meth:`validate`."""

    __slots__ = ()

    @classmethod
    def resolve(cls: type[S], value: S | Mapping[str, Any] | None = None) -> S:
        """Build settings from ``None`` (defaults), a mapping of overrides, or an instance."""
        if value is None:
            obj = cls()
        elif isinstance(value, cls):
            obj = value
        elif isinstance(value, Mapping):
            obj = cls(**_coerce(cls, value))
        else:
            raise SettingsError(
                f"{cls.__name__}: expected None, a mapping or a {cls.__name__}, got {type(value).__name__}",
                settings=cls.__name__,
            )
        obj.validate()
        return obj

    def validate(self) -> None:
        """Check cross-field constraints; call :meth:`fail` on a bad value."""

    def fail(self, name: str, reason: str) -> NoReturn:
        raise SettingsError(
            f"{type(self).__name__}.{name}: {getattr(self, name)!r} {reason}", settings=type(self).__name__, field=name
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            v = getattr(self, f.name)
            out[f.name] = v.value if isinstance(v, enum.Enum) else v
        return out


def _coerce(cls: type[Settings], values: Mapping[str, Any]) -> dict[str, Any]:
    fields = {f.name: f for f in dataclasses.fields(cls) if f.init}  # type: ignore[arg-type]
    try:
        hints: dict[str, Any] = typing.get_type_hints(cls)
    except NameError:  # a class defined where its annotations cannot be resolved: use the defaults' types
        hints = {f.name: type(f.default) for f in fields.values() if f.default is not dataclasses.MISSING}
    out: dict[str, Any] = {}
    for key, raw in values.items():
        if key not in fields:
            raise SettingsError(
                f"{cls.__name__}: unknown setting {key!r}; valid settings: {', '.join(sorted(fields))}",
                settings=cls.__name__,
                field=str(key),
            )
        out[key] = _coerce_value(cls.__name__, key, hints.get(key), raw)
    return out


def _coerce_value(owner: str, key: str, hint: Any, raw: Any) -> Any:
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        if isinstance(raw, hint):
            return raw
        for member in hint:
            if raw == member.value or raw == member.name:
                return member
        choices = ", ".join(repr(m.value) for m in hint)
        raise SettingsError(f"{owner}.{key}: {raw!r} is not one of {choices}", settings=owner, field=key)
    if hint is bool:
        if not isinstance(raw, bool):
            raise SettingsError(f"{owner}.{key}: expected true or false, got {raw!r}", settings=owner, field=key)
        return raw
    if hint is float:
        if isinstance(raw, bool) or not isinstance(raw, (int, float)):
            raise SettingsError(f"{owner}.{key}: expected a number, got {raw!r}", settings=owner, field=key)
        return float(raw)
    if hint is int:
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise SettingsError(f"{owner}.{key}: expected an integer, got {raw!r}", settings=owner, field=key)
        return raw
    if hint is str:
        if not isinstance(raw, str):
            raise SettingsError(f"{owner}.{key}: expected a string, got {raw!r}", settings=owner, field=key)
        return raw
    return raw


__all__ = ["Settings"]
