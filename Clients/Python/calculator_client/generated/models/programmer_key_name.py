from typing import Literal

ProgrammerKeyName = Literal['A', 'and', 'B', 'bin', 'byte', 'D', 'dec', 'dword', 'E', 'F', 'hex', 'lsh', 'mod', 'nand', 'nor', 'not', 'oct', 'or', 'qword', 'rol', 'ror', 'rsh', 'word', 'xor']

PROGRAMMER_KEY_NAME_VALUES: set[ProgrammerKeyName] = { 'A', 'and', 'B', 'bin', 'byte', 'D', 'dec', 'dword', 'E', 'F', 'hex', 'lsh', 'mod', 'nand', 'nor', 'not', 'oct', 'or', 'qword', 'rol', 'ror', 'rsh', 'word', 'xor',  }

def check_programmer_key_name(value: str) -> ProgrammerKeyName:
    if value in PROGRAMMER_KEY_NAME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PROGRAMMER_KEY_NAME_VALUES!r}")
