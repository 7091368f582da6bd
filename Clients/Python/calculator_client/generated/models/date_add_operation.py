from typing import Literal

DateAddOperation = Literal['add', 'subtract']

DATE_ADD_OPERATION_VALUES: set[DateAddOperation] = { 'add', 'subtract',  }

def check_date_add_operation(value: str) -> DateAddOperation:
    if value in DATE_ADD_OPERATION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DATE_ADD_OPERATION_VALUES!r}")
