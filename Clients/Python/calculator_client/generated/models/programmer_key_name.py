from typing import Literal

ProgrammerKeyName = Literal['A', 'and', 'B', 'bin', 'bit0', 'bit1', 'bit10', 'bit11', 'bit12', 'bit13', 'bit14', 'bit15', 'bit16', 'bit17', 'bit18', 'bit19', 'bit2', 'bit20', 'bit21', 'bit22', 'bit23', 'bit24', 'bit25', 'bit26', 'bit27', 'bit28', 'bit29', 'bit3', 'bit30', 'bit31', 'bit32', 'bit33', 'bit34', 'bit35', 'bit36', 'bit37', 'bit38', 'bit39', 'bit4', 'bit40', 'bit41', 'bit42', 'bit43', 'bit44', 'bit45', 'bit46', 'bit47', 'bit48', 'bit49', 'bit5', 'bit50', 'bit51', 'bit52', 'bit53', 'bit54', 'bit55', 'bit56', 'bit57', 'bit58', 'bit59', 'bit6', 'bit60', 'bit61', 'bit62', 'bit63', 'bit7', 'bit8', 'bit9', 'byte', 'D', 'dec', 'dword', 'E', 'F', 'hex', 'lsh', 'mod', 'nand', 'nor', 'not', 'oct', 'or', 'popcount', 'qword', 'rol', 'ror', 'rsh', 'word', 'xor']

PROGRAMMER_KEY_NAME_VALUES: set[ProgrammerKeyName] = { 'A', 'and', 'B', 'bin', 'bit0', 'bit1', 'bit10', 'bit11', 'bit12', 'bit13', 'bit14', 'bit15', 'bit16', 'bit17', 'bit18', 'bit19', 'bit2', 'bit20', 'bit21', 'bit22', 'bit23', 'bit24', 'bit25', 'bit26', 'bit27', 'bit28', 'bit29', 'bit3', 'bit30', 'bit31', 'bit32', 'bit33', 'bit34', 'bit35', 'bit36', 'bit37', 'bit38', 'bit39', 'bit4', 'bit40', 'bit41', 'bit42', 'bit43', 'bit44', 'bit45', 'bit46', 'bit47', 'bit48', 'bit49', 'bit5', 'bit50', 'bit51', 'bit52', 'bit53', 'bit54', 'bit55', 'bit56', 'bit57', 'bit58', 'bit59', 'bit6', 'bit60', 'bit61', 'bit62', 'bit63', 'bit7', 'bit8', 'bit9', 'byte', 'D', 'dec', 'dword', 'E', 'F', 'hex', 'lsh', 'mod', 'nand', 'nor', 'not', 'oct', 'or', 'popcount', 'qword', 'rol', 'ror', 'rsh', 'word', 'xor',  }

def check_programmer_key_name(value: str) -> ProgrammerKeyName:
    if value in PROGRAMMER_KEY_NAME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PROGRAMMER_KEY_NAME_VALUES!r}")
