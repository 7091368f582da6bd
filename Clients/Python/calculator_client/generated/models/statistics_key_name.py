from typing import Literal

StatisticsKeyName = Literal['clstat', 'intercept', 'meanx', 'meany', 'n', 'pair', 'psx', 'psy', 'pvarx', 'pvary', 'r', 'sigma+', 'sigma-', 'slope', 'sumx', 'sumx2', 'sumxy', 'sumy', 'sumy2', 'sx', 'sy', 'varx', 'vary', 'xhat', 'yhat']

STATISTICS_KEY_NAME_VALUES: set[StatisticsKeyName] = { 'clstat', 'intercept', 'meanx', 'meany', 'n', 'pair', 'psx', 'psy', 'pvarx', 'pvary', 'r', 'sigma+', 'sigma-', 'slope', 'sumx', 'sumx2', 'sumxy', 'sumy', 'sumy2', 'sx', 'sy', 'varx', 'vary', 'xhat', 'yhat',  }

def check_statistics_key_name(value: str) -> StatisticsKeyName:
    if value in STATISTICS_KEY_NAME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {STATISTICS_KEY_NAME_VALUES!r}")
