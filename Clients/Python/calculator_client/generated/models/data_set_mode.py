from typing import Literal

DataSetMode = Literal['immediate', 'programmer', 'rpn', 'scientific', 'statistics']

DATA_SET_MODE_VALUES: set[DataSetMode] = { 'immediate', 'programmer', 'rpn', 'scientific', 'statistics',  }

def check_data_set_mode(value: str) -> DataSetMode:
    if value in DATA_SET_MODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DATA_SET_MODE_VALUES!r}")
