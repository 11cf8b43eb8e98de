"""Search options as the command line gives them (JSON): the ones that name a file are read
here, since the players themselves do no I/O."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

from ..players.value import ValueModel

#: value models by path: a file is read once per process
_VALUE_MODELS: dict[str, ValueModel] = {}


def read_value_model(path: str) -> ValueModel:
    """The value model in a file of ``benchmarks/fit_value.py`` (ValueError if it is not
    one, OSError if it cannot be read)."""
    model = _VALUE_MODELS.get(path)
    if model is None:
        try:
            data = json.loads(Path(path).read_text())
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path} is not JSON: {exc}") from exc
        if not isinstance(data, dict):
            raise ValueError(f"{path} is not a value model")
        model = _VALUE_MODELS[path] = ValueModel.from_dict(data)
    return model


def search_options(options: Mapping[str, object]) -> dict[str, object]:
    """``options`` with a ``value_model`` path replaced by the model it holds."""
    out = dict(options)
    path = out.get("value_model")
    if isinstance(path, str):
        out["value_model"] = read_value_model(path)
    return out
