from typing import Literal

KeyName = Literal['(', ')', '*', '+', '-', '.', '/', '0', '1', '2', '2nd', '3', '4', '5', '6', '7', '8', '9', '=', 'AC', 'acos', 'acosh', 'asin', 'asinh', 'atan', 'atanh', 'back', 'C', 'cbrt', 'CE', 'convert', 'cos', 'cosh', 'cube', 'deg', 'e', 'EE', 'exp', 'fact', 'grad', 'ln', 'log10', 'log2', 'logy', 'm+', 'm-', 'mc', 'mr', 'neg', 'percent', 'pi', 'pow', 'pow10', 'pow2', 'rad', 'rand', 'rcl', 'recip', 'redo', 'root', 'sin', 'sinh', 'sq', 'sqrt', 'sto', 't', 'tan', 'tanh', 'undo', 'x', 'y', 'z']

KEY_NAME_VALUES: set[KeyName] = { '(', ')', '*', '+', '-', '.', '/', '0', '1', '2', '2nd', '3', '4', '5', '6', '7', '8', '9', '=', 'AC', 'acos', 'acosh', 'asin', 'asinh', 'atan', 'atanh', 'back', 'C', 'cbrt', 'CE', 'convert', 'cos', 'cosh', 'cube', 'deg', 'e', 'EE', 'exp', 'fact', 'grad', 'ln', 'log10', 'log2', 'logy', 'm+', 'm-', 'mc', 'mr', 'neg', 'percent', 'pi', 'pow', 'pow10', 'pow2', 'rad', 'rand', 'rcl', 'recip', 'redo', 'root', 'sin', 'sinh', 'sq', 'sqrt', 'sto', 't', 'tan', 'tanh', 'undo', 'x', 'y', 'z',  }

def check_key_name(value: str) -> KeyName:
    if value in KEY_NAME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {KEY_NAME_VALUES!r}")
