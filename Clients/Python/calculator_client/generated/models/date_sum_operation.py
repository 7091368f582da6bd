from typing import Literal

DateSumOperation = Literal['add', 'subtract']

DATE_SUM_OPERATION_VALUES: set[DateSumOperation] = { 'add', 'subtract',  }

def check_date_sum_operation(value: str) -> DateSumOperation:
    if value in DATE_SUM_OPERATION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DATE_SUM_OPERATION_VALUES!r}")
