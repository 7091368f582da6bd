from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.awaiting_type_1 import AwaitingType1
from ..models.awaiting_type_1 import check_awaiting_type_1
from ..models.awaiting_type_2_type_1 import AwaitingType2Type1
from ..models.awaiting_type_2_type_1 import check_awaiting_type_2_type_1
from ..models.awaiting_type_3_type_1 import AwaitingType3Type1
from ..models.awaiting_type_3_type_1 import check_awaiting_type_3_type_1
from ..models.display_angle import check_display_angle
from ..models.display_angle import DisplayAngle
from ..models.display_radix import check_display_radix
from ..models.display_radix import DisplayRadix
from ..models.display_word import check_display_word
from ..models.display_word import DisplayWord
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.calculator_error_type_0 import CalculatorErrorType0
  from ..models.radixes_type_0 import RadixesType0
  from ..models.rpn_stack import RPNStack
  from ..models.statistics import Statistics
  from ..models.variables import Variables





T = TypeVar("T", bound="Display")



@_attrs_define
class Display:
    """ What a front end redraws after a key.

        Attributes:
            display (str): What the calculator shows: a number, the entry as typed, or `Error`; in programmer mode the value
                in the radix (hex in capitals, negative values as the word's bit pattern except in dec).
            expression (str): What has been entered, e.g. `7 + √(9)`.
            pending (bool): An operation waits for its operand.
            error (CalculatorErrorType0 | None): Why the display shows Error, or null when it does not.
            memory (None | str): The memory register, or null when empty.
            angle (DisplayAngle):
            second (bool): The 2nd (inverse) functions are active.
            variables (Variables): The named variables that hold a value, formatted like the display (`sto x` stores, `rcl
                x` recalls; AC keeps them).
            awaiting (AwaitingType1 | AwaitingType2Type1 | AwaitingType3Type1 | None): A `sto` or `rcl` that waits for its
                variable key (x, y, z, t), across requests; meanwhile other keys but AC are refused. Null when none waits.
            exact (str | Unset): The exact value of a worked-out display (a result, a function's value, a constant, a
                recalled value) as `p/q` or `p` in lowest terms, the form `/convert` gives (`1/3` beside the display
                `0.3333333333333333`); absent when the value is not a rational (√2, π), while a number is typed (the display is
                that number), at Error, in programmer mode (whose display is an exact integer) and past 512 bits of numerator
                and denominator together.
            unit (str | Unset): Only in `/evaluate`'s answer to an expression with units: the id of the unit the answer is
                in (`GET /units`), the conversion's target (`cm` for `5 ft + 3 in to cm`) or else the first quantity's (`km` for
                `2 km + 300 m`). Absent for a plain number, units that cancel (`1 km ÷ 1 m`) included, and at Error.
            memories (list[str] | Unset): The memory list, first entry first, once it holds two entries or more (before,
                `memory` is its only entry, and a session that never presses `ms` answers as it always did): `ms` adds the value
                shown as a new first entry (8 at most, the oldest let go), `mc:n`, `m+:n`, `m-:n` and `mr:n` act on entry n, and
                `mc` clears the list.
            statistics (Statistics | Unset): Statistics mode's data set and its results; present in statistics mode and
                while a session keeps data.
            radix (DisplayRadix | Unset): Programmer mode only: the radix of the display.
            word (DisplayWord | Unset): Programmer mode only: the word size in bits.
            radixes (None | RadixesType0 | Unset): Programmer mode only: the value in every radix, as Windows shows them
                side by side; null while Error shows.
            stack (RPNStack | Unset): RPN mode only: the stack, each level as the display shows a number; `x` is the display
                (the number being typed, or `Error`). An operator takes Y and X; the stack drops and T repeats.
     """

    display: str
    expression: str
    pending: bool
    error: CalculatorErrorType0 | None
    memory: None | str
    angle: DisplayAngle
    second: bool
    variables: Variables
    awaiting: AwaitingType1 | AwaitingType2Type1 | AwaitingType3Type1 | None
    exact: str | Unset = UNSET
    unit: str | Unset = UNSET
    memories: list[str] | Unset = UNSET
    statistics: Statistics | Unset = UNSET
    radix: DisplayRadix | Unset = UNSET
    word: DisplayWord | Unset = UNSET
    radixes: None | RadixesType0 | Unset = UNSET
    stack: RPNStack | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.calculator_error_type_0 import CalculatorErrorType0 # noqa: PLC0415
        from ..models.radixes_type_0 import RadixesType0 # noqa: PLC0415
        from ..models.rpn_stack import RPNStack # noqa: PLC0415
        from ..models.statistics import Statistics # noqa: PLC0415
        from ..models.variables import Variables # noqa: PLC0415
        display = self.display

        expression = self.expression

        pending = self.pending

        error: dict[str, Any] | None
        if isinstance(self.error, CalculatorErrorType0):
            error = self.error.to_dict()
        else:
            error = self.error

        memory: None | str
        memory = self.memory

        angle: str = self.angle

        second = self.second

        variables = self.variables.to_dict()

        awaiting: None | str
        if isinstance(self.awaiting, str):
            awaiting = self.awaiting
        elif isinstance(self.awaiting, str):
            awaiting = self.awaiting
        elif isinstance(self.awaiting, str):
            awaiting = self.awaiting
        else:
            awaiting = self.awaiting

        exact = self.exact

        unit = self.unit

        memories: list[str] | Unset = UNSET
        if not isinstance(self.memories, Unset):
            memories = self.memories



        statistics: dict[str, Any] | Unset = UNSET
        if not isinstance(self.statistics, Unset):
            statistics = self.statistics.to_dict()

        radix: str | Unset = UNSET
        if not isinstance(self.radix, Unset):
            radix = self.radix


        word: int | Unset = UNSET
        if not isinstance(self.word, Unset):
            word = self.word


        radixes: dict[str, Any] | None | Unset
        if isinstance(self.radixes, Unset):
            radixes = UNSET
        elif isinstance(self.radixes, RadixesType0):
            radixes = self.radixes.to_dict()
        else:
            radixes = self.radixes

        stack: dict[str, Any] | Unset = UNSET
        if not isinstance(self.stack, Unset):
            stack = self.stack.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "display": display,
            "expression": expression,
            "pending": pending,
            "error": error,
            "memory": memory,
            "angle": angle,
            "second": second,
            "variables": variables,
            "awaiting": awaiting,
        })
        if exact is not UNSET:
            field_dict["exact"] = exact
        if unit is not UNSET:
            field_dict["unit"] = unit
        if memories is not UNSET:
            field_dict["memories"] = memories
        if statistics is not UNSET:
            field_dict["statistics"] = statistics
        if radix is not UNSET:
            field_dict["radix"] = radix
        if word is not UNSET:
            field_dict["word"] = word
        if radixes is not UNSET:
            field_dict["radixes"] = radixes
        if stack is not UNSET:
            field_dict["stack"] = stack

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.calculator_error_type_0 import CalculatorErrorType0 # noqa: PLC0415
        from ..models.radixes_type_0 import RadixesType0 # noqa: PLC0415
        from ..models.rpn_stack import RPNStack # noqa: PLC0415
        from ..models.statistics import Statistics # noqa: PLC0415
        from ..models.variables import Variables # noqa: PLC0415
        d = dict(src_dict)
        display = d.pop("display")

        expression = d.pop("expression")

        pending = d.pop("pending")

        def _parse_error(data: object) -> CalculatorErrorType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_calculator_error_type_0 = CalculatorErrorType0.from_dict(data)



                return componentsschemas_calculator_error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CalculatorErrorType0 | None, data)

        error = _parse_error(d.pop("error"))


        def _parse_memory(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        memory = _parse_memory(d.pop("memory"))


        angle = check_display_angle(d.pop("angle"))




        second = d.pop("second")

        variables = Variables.from_dict(d.pop("variables"))




        def _parse_awaiting(data: object) -> AwaitingType1 | AwaitingType2Type1 | AwaitingType3Type1 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_awaiting_type_1 = check_awaiting_type_1(data)



                return componentsschemas_awaiting_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_awaiting_type_2_type_1 = check_awaiting_type_2_type_1(data)



                return componentsschemas_awaiting_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_awaiting_type_3_type_1 = check_awaiting_type_3_type_1(data)



                return componentsschemas_awaiting_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AwaitingType1 | AwaitingType2Type1 | AwaitingType3Type1 | None, data)

        awaiting = _parse_awaiting(d.pop("awaiting"))


        exact = d.pop("exact", UNSET)

        unit = d.pop("unit", UNSET)

        memories = cast(list[str], d.pop("memories", UNSET))


        _statistics = d.pop("statistics", UNSET)
        statistics: Statistics | Unset
        if isinstance(_statistics,  Unset):
            statistics = UNSET
        else:
            statistics = Statistics.from_dict(_statistics)




        _radix = d.pop("radix", UNSET)
        radix: DisplayRadix | Unset
        if isinstance(_radix,  Unset):
            radix = UNSET
        else:
            radix = check_display_radix(_radix)




        _word = d.pop("word", UNSET)
        word: DisplayWord | Unset
        if isinstance(_word,  Unset):
            word = UNSET
        else:
            word = check_display_word(_word)




        def _parse_radixes(data: object) -> None | RadixesType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_radixes_type_0 = RadixesType0.from_dict(data)



                return componentsschemas_radixes_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RadixesType0 | Unset, data)

        radixes = _parse_radixes(d.pop("radixes", UNSET))


        _stack = d.pop("stack", UNSET)
        stack: RPNStack | Unset
        if isinstance(_stack,  Unset):
            stack = UNSET
        else:
            stack = RPNStack.from_dict(_stack)




        display = cls(
            display=display,
            expression=expression,
            pending=pending,
            error=error,
            memory=memory,
            angle=angle,
            second=second,
            variables=variables,
            awaiting=awaiting,
            exact=exact,
            unit=unit,
            memories=memories,
            statistics=statistics,
            radix=radix,
            word=word,
            radixes=radixes,
            stack=stack,
        )

        return display

