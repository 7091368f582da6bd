from typing import Literal

UnitListCategoriesItemName = Literal['angle', 'area', 'data', 'energy', 'length', 'mass', 'power', 'pressure', 'speed', 'temperature', 'time', 'volume']

UNIT_LIST_CATEGORIES_ITEM_NAME_VALUES: set[UnitListCategoriesItemName] = { 'angle', 'area', 'data', 'energy', 'length', 'mass', 'power', 'pressure', 'speed', 'temperature', 'time', 'volume',  }

def check_unit_list_categories_item_name(value: str) -> UnitListCategoriesItemName:
    if value in UNIT_LIST_CATEGORIES_ITEM_NAME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {UNIT_LIST_CATEGORIES_ITEM_NAME_VALUES!r}")
