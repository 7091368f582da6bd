from typing import Literal

KeyName = Literal['(', ')', '*', '+', '-', '.', '/', '0', '1', '2', '2nd', '3', '4', '5', '6', '7', '8', '9', '=', 'AC', 'acos', 'acosh', 'asin', 'asinh', 'atan', 'atanh', 'back', 'C', 'cbrt', 'CE', 'convert', 'cos', 'cosh', 'cube', 'deg', 'e', 'EE', 'exp', 'fact', 'grad', 'ln', 'log10', 'log2', 'logy', 'm+', 'm+:2', 'm+:3', 'm+:4', 'm+:5', 'm+:6', 'm+:7', 'm+:8', 'm-', 'm-:2', 'm-:3', 'm-:4', 'm-:5', 'm-:6', 'm-:7', 'm-:8', 'mc', 'mc:1', 'mc:2', 'mc:3', 'mc:4', 'mc:5', 'mc:6', 'mc:7', 'mc:8', 'mr', 'mr:2', 'mr:3', 'mr:4', 'mr:5', 'mr:6', 'mr:7', 'mr:8', 'ms', 'neg', 'percent', 'pi', 'pow', 'pow10', 'pow2', 'rad', 'rand', 'rcl', 'recip', 'redo', 'root', 'sin', 'sinh', 'sq', 'sqrt', 'sto', 't', 'tan', 'tanh', 'undo', 'x', 'y', 'z']

KEY_NAME_VALUES: set[KeyName] = { '(', ')', '*', '+', '-', '.', '/', '0', '1', '2', '2nd', '3', '4', '5', '6', '7', '8', '9', '=', 'AC', 'acos', 'acosh', 'asin', 'asinh', 'atan', 'atanh', 'back', 'C', 'cbrt', 'CE', 'convert', 'cos', 'cosh', 'cube', 'deg', 'e', 'EE', 'exp', 'fact', 'grad', 'ln', 'log10', 'log2', 'logy', 'm+', 'm+:2', 'm+:3', 'm+:4', 'm+:5', 'm+:6', 'm+:7', 'm+:8', 'm-', 'm-:2', 'm-:3', 'm-:4', 'm-:5', 'm-:6', 'm-:7', 'm-:8', 'mc', 'mc:1', 'mc:2', 'mc:3', 'mc:4', 'mc:5', 'mc:6', 'mc:7', 'mc:8', 'mr', 'mr:2', 'mr:3', 'mr:4', 'mr:5', 'mr:6', 'mr:7', 'mr:8', 'ms', 'neg', 'percent', 'pi', 'pow', 'pow10', 'pow2', 'rad', 'rand', 'rcl', 'recip', 'redo', 'root', 'sin', 'sinh', 'sq', 'sqrt', 'sto', 't', 'tan', 'tanh', 'undo', 'x', 'y', 'z',  }

def check_key_name(value: str) -> KeyName:
    if value in KEY_NAME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {KEY_NAME_VALUES!r}")
