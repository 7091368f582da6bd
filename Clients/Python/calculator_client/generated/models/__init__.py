""" Contains all the data models used in inputs/outputs """

from .awaiting_type_1 import AwaitingType1
from .awaiting_type_2_type_1 import AwaitingType2Type1
from .awaiting_type_3_type_1 import AwaitingType3Type1
from .calculation import Calculation
from .calculator_error_type_0 import CalculatorErrorType0
from .data_change import DataChange
from .data_change_points_item import DataChangePointsItem
from .data_point import DataPoint
from .data_set import DataSet
from .data_set_mode import DataSetMode
from .date_add_operation import DateAddOperation
from .date_difference import DateDifference
from .date_sum import DateSum
from .date_sum_operation import DateSumOperation
from .display import Display
from .display_angle import DisplayAngle
from .display_radix import DisplayRadix
from .display_word import DisplayWord
from .evaluate_query_angle import EvaluateQueryAngle
from .evaluate_query_mode import EvaluateQueryMode
from .expression_evaluation import ExpressionEvaluation
from .expression_evaluation_angle import ExpressionEvaluationAngle
from .expression_evaluation_mode import ExpressionEvaluationMode
from .health_response_200 import HealthResponse200
from .history import History
from .issued_token import IssuedToken
from .issued_token_scope import IssuedTokenScope
from .key_batch import KeyBatch
from .key_info import KeyInfo
from .key_kind import KeyKind
from .key_modes import KeyModes
from .key_name import KeyName
from .key_press import KeyPress
from .keys_evaluation import KeysEvaluation
from .keys_evaluation_angle import KeysEvaluationAngle
from .keys_evaluation_mode import KeysEvaluationMode
from .keys_evaluation_radix import KeysEvaluationRadix
from .keys_evaluation_word import KeysEvaluationWord
from .list_keys_response_200 import ListKeysResponse200
from .problem import Problem
from .problem_awaiting import ProblemAwaiting
from .problem_mode import ProblemMode
from .problem_radix import ProblemRadix
from .problem_reason import ProblemReason
from .problem_type import ProblemType
from .problem_word import ProblemWord
from .programmer_key_name import ProgrammerKeyName
from .radixes_type_0 import RadixesType0
from .ready_response_200 import ReadyResponse200
from .ready_response_503 import ReadyResponse503
from .ready_response_503_status import ReadyResponse503Status
from .rpn_key_name import RPNKeyName
from .rpn_stack import RPNStack
from .session_conversion_type_0 import SessionConversionType0
from .session_end import SessionEnd
from .session_end_reason import SessionEndReason
from .session_state import SessionState
from .session_state_angle import SessionStateAngle
from .session_state_fraction import SessionStateFraction
from .session_state_mode import SessionStateMode
from .session_state_notation import SessionStateNotation
from .session_state_radix import SessionStateRadix
from .session_state_word import SessionStateWord
from .session_stream_event import SessionStreamEvent
from .settings import Settings
from .settings_angle import SettingsAngle
from .settings_fraction import SettingsFraction
from .settings_mode import SettingsMode
from .settings_notation import SettingsNotation
from .settings_radix import SettingsRadix
from .settings_variables import SettingsVariables
from .settings_word import SettingsWord
from .statistics import Statistics
from .statistics_exact import StatisticsExact
from .statistics_key_name import StatisticsKeyName
from .statistics_results import StatisticsResults
from .store_masters_item import StoreMastersItem
from .token_list import TokenList
from .token_list_tokens_item import TokenListTokensItem
from .token_list_tokens_item_scope import TokenListTokensItemScope
from .token_request import TokenRequest
from .token_request_scope import TokenRequestScope
from .trace_step import TraceStep
from .unit_conversion_request import UnitConversionRequest
from .unit_conversion_result import UnitConversionResult
from .unit_list import UnitList
from .unit_list_categories_item import UnitListCategoriesItem
from .unit_list_categories_item_name import UnitListCategoriesItemName
from .unit_list_categories_item_units_item import UnitListCategoriesItemUnitsItem
from .variables import Variables

__all__ = (
    "AwaitingType1",
    "AwaitingType2Type1",
    "AwaitingType3Type1",
    "Calculation",
    "CalculatorErrorType0",
    "DataChange",
    "DataChangePointsItem",
    "DataPoint",
    "DataSet",
    "DataSetMode",
    "DateAddOperation",
    "DateDifference",
    "DateSum",
    "DateSumOperation",
    "Display",
    "DisplayAngle",
    "DisplayRadix",
    "DisplayWord",
    "EvaluateQueryAngle",
    "EvaluateQueryMode",
    "ExpressionEvaluation",
    "ExpressionEvaluationAngle",
    "ExpressionEvaluationMode",
    "HealthResponse200",
    "History",
    "IssuedToken",
    "IssuedTokenScope",
    "KeyBatch",
    "KeyInfo",
    "KeyKind",
    "KeyModes",
    "KeyName",
    "KeyPress",
    "KeysEvaluation",
    "KeysEvaluationAngle",
    "KeysEvaluationMode",
    "KeysEvaluationRadix",
    "KeysEvaluationWord",
    "ListKeysResponse200",
    "Problem",
    "ProblemAwaiting",
    "ProblemMode",
    "ProblemRadix",
    "ProblemReason",
    "ProblemType",
    "ProblemWord",
    "ProgrammerKeyName",
    "RadixesType0",
    "ReadyResponse200",
    "ReadyResponse503",
    "ReadyResponse503Status",
    "RPNKeyName",
    "RPNStack",
    "SessionConversionType0",
    "SessionEnd",
    "SessionEndReason",
    "SessionState",
    "SessionStateAngle",
    "SessionStateFraction",
    "SessionStateMode",
    "SessionStateNotation",
    "SessionStateRadix",
    "SessionStateWord",
    "SessionStreamEvent",
    "Settings",
    "SettingsAngle",
    "SettingsFraction",
    "SettingsMode",
    "SettingsNotation",
    "SettingsRadix",
    "SettingsVariables",
    "SettingsWord",
    "Statistics",
    "StatisticsExact",
    "StatisticsKeyName",
    "StatisticsResults",
    "StoreMastersItem",
    "TokenList",
    "TokenListTokensItem",
    "TokenListTokensItemScope",
    "TokenRequest",
    "TokenRequestScope",
    "TraceStep",
    "UnitConversionRequest",
    "UnitConversionResult",
    "UnitList",
    "UnitListCategoriesItem",
    "UnitListCategoriesItemName",
    "UnitListCategoriesItemUnitsItem",
    "Variables",
)
