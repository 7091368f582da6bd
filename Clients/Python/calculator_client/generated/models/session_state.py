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
from ..models.session_state_angle import check_session_state_angle
from ..models.session_state_angle import SessionStateAngle
from ..models.session_state_fraction import check_session_state_fraction
from ..models.session_state_fraction import SessionStateFraction
from ..models.session_state_mode import check_session_state_mode
from ..models.session_state_mode import SessionStateMode
from ..models.session_state_notation import check_session_state_notation
from ..models.session_state_notation import SessionStateNotation
from ..models.session_state_radix import check_session_state_radix
from ..models.session_state_radix import SessionStateRadix
from ..models.session_state_word import check_session_state_word
from ..models.session_state_word import SessionStateWord
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.calculator_error_type_0 import CalculatorErrorType0
  from ..models.radixes_type_0 import RadixesType0
  from ..models.rpn_stack import RPNStack
  from ..models.session_conversion_type_0 import SessionConversionType0
  from ..models.statistics import Statistics
  from ..models.trace_step import TraceStep
  from ..models.variables import Variables





T = TypeVar("T", bound="SessionState")



@_attrs_define
class SessionState:
    """ A session's whole state, its settings and its version.

        Attributes:
            id (str):
            display (str): What the calculator shows: a number, the entry as typed, or `Error`; in programmer mode the value
                in the radix.
            expression (str): What has been entered, e.g. `7 + √(9)`.
            pending (bool): An operation waits for its operand.
            error (CalculatorErrorType0 | None): Why the display shows Error, or null when it does not.
            memory (None | str): The memory register, or null when empty.
            angle (SessionStateAngle):
            second (bool): The 2nd (inverse) functions are active.
            variables (Variables): The named variables that hold a value, formatted like the display (`sto x` stores, `rcl
                x` recalls; AC keeps them).
            awaiting (AwaitingType1 | AwaitingType2Type1 | AwaitingType3Type1 | None): A `sto` or `rcl` that waits for its
                variable key (x, y, z, t), across requests; meanwhile other keys but AC are refused. Null when none waits.
            mode (SessionStateMode):
            digits (int):
            version (int): Grows by one with every change; the ETag. 1 for a new id; a session made again under the id of a
                deleted or expired one starts above its last version.
            token (str | Unset): Only in the 201 that creates a session, with session tokens: its owner token, shown this
                once (a create replayed for its Idempotency-Key carries none). Send it as `Authorization: Bearer <token>`.
            token_id (str | Unset): Only beside `token`: the id that names the owner token in `GET /sessions/{id}/tokens`
                and revokes it.
            exact (str | Unset): The exact value of a worked-out display (a result, a function's value, a constant, a
                recalled value) as `p/q` or `p` in lowest terms, the form `/convert` gives (`1/3` beside the display
                `0.3333333333333333`); absent when the value is not a rational (√2, π), while a number is typed (the display is
                that number), at Error, in programmer mode (whose display is an exact integer) and past 512 bits of numerator
                and denominator together.
            memories (list[str] | Unset): The memory list, first entry first, once it holds two entries or more (before,
                `memory` is its only entry, and a session that never presses `ms` answers as it always did): `ms` adds the value
                shown as a new first entry (8 at most, the oldest let go), `mc:n`, `m+:n`, `m-:n` and `mr:n` act on entry n, and
                `mc` clears the list.
            statistics (Statistics | Unset): Statistics mode's data set and its results; present in statistics mode and
                while a session keeps data.
            radix (SessionStateRadix | Unset): Programmer mode only: the radix of the display.
            word (SessionStateWord | Unset): Programmer mode only: the word size in bits.
            radixes (None | RadixesType0 | Unset): Programmer mode only: the value in every radix, as Windows shows them
                side by side; null while Error shows.
            stack (RPNStack | Unset): RPN mode only: the stack, each level as the display shows a number; `x` is the display
                (the number being typed, or `Error`). An operator takes Y and X; the stack drops and T repeats.
            convert (None | SessionConversionType0 | Unset): The units the `convert` key converts the display between (ids
                or symbols of one category, GET /units); absent from a state without them. In PATCH, null forgets them.
            notation (SessionStateNotation | Unset): With `decimals`, `grouping`, `fraction` and `locale`: the display
                format, present only when it is not the standard one (Settings).
            decimals (int | Unset):
            grouping (bool | Unset):
            fraction (SessionStateFraction | Unset):
            locale (None | str | Unset):
            steps (list[TraceStep] | Unset): With `"trace": true`, each key and the display after it; absent from a replay
                (`Idempotent-Replayed: true`), whose kept reply has no steps.
     """

    id: str
    display: str
    expression: str
    pending: bool
    error: CalculatorErrorType0 | None
    memory: None | str
    angle: SessionStateAngle
    second: bool
    variables: Variables
    awaiting: AwaitingType1 | AwaitingType2Type1 | AwaitingType3Type1 | None
    mode: SessionStateMode
    digits: int
    version: int
    token: str | Unset = UNSET
    token_id: str | Unset = UNSET
    exact: str | Unset = UNSET
    memories: list[str] | Unset = UNSET
    statistics: Statistics | Unset = UNSET
    radix: SessionStateRadix | Unset = UNSET
    word: SessionStateWord | Unset = UNSET
    radixes: None | RadixesType0 | Unset = UNSET
    stack: RPNStack | Unset = UNSET
    convert: None | SessionConversionType0 | Unset = UNSET
    notation: SessionStateNotation | Unset = UNSET
    decimals: int | Unset = UNSET
    grouping: bool | Unset = UNSET
    fraction: SessionStateFraction | Unset = UNSET
    locale: None | str | Unset = UNSET
    steps: list[TraceStep] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.calculator_error_type_0 import CalculatorErrorType0 # noqa: PLC0415
        from ..models.radixes_type_0 import RadixesType0 # noqa: PLC0415
        from ..models.rpn_stack import RPNStack # noqa: PLC0415
        from ..models.session_conversion_type_0 import SessionConversionType0 # noqa: PLC0415
        from ..models.statistics import Statistics # noqa: PLC0415
        from ..models.trace_step import TraceStep # noqa: PLC0415
        from ..models.variables import Variables # noqa: PLC0415
        id = self.id

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

        mode: str = self.mode

        digits = self.digits

        version = self.version

        token = self.token

        token_id = self.token_id

        exact = self.exact

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

        convert: dict[str, Any] | None | Unset
        if isinstance(self.convert, Unset):
            convert = UNSET
        elif isinstance(self.convert, SessionConversionType0):
            convert = self.convert.to_dict()
        else:
            convert = self.convert

        notation: str | Unset = UNSET
        if not isinstance(self.notation, Unset):
            notation = self.notation


        decimals = self.decimals

        grouping = self.grouping

        fraction: str | Unset = UNSET
        if not isinstance(self.fraction, Unset):
            fraction = self.fraction


        locale: None | str | Unset
        if isinstance(self.locale, Unset):
            locale = UNSET
        else:
            locale = self.locale

        steps: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.steps, Unset):
            steps = []
            for steps_item_data in self.steps:
                steps_item = steps_item_data.to_dict()
                steps.append(steps_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "display": display,
            "expression": expression,
            "pending": pending,
            "error": error,
            "memory": memory,
            "angle": angle,
            "second": second,
            "variables": variables,
            "awaiting": awaiting,
            "mode": mode,
            "digits": digits,
            "version": version,
        })
        if token is not UNSET:
            field_dict["token"] = token
        if token_id is not UNSET:
            field_dict["tokenId"] = token_id
        if exact is not UNSET:
            field_dict["exact"] = exact
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
        if convert is not UNSET:
            field_dict["convert"] = convert
        if notation is not UNSET:
            field_dict["notation"] = notation
        if decimals is not UNSET:
            field_dict["decimals"] = decimals
        if grouping is not UNSET:
            field_dict["grouping"] = grouping
        if fraction is not UNSET:
            field_dict["fraction"] = fraction
        if locale is not UNSET:
            field_dict["locale"] = locale
        if steps is not UNSET:
            field_dict["steps"] = steps

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.calculator_error_type_0 import CalculatorErrorType0 # noqa: PLC0415
        from ..models.radixes_type_0 import RadixesType0 # noqa: PLC0415
        from ..models.rpn_stack import RPNStack # noqa: PLC0415
        from ..models.session_conversion_type_0 import SessionConversionType0 # noqa: PLC0415
        from ..models.statistics import Statistics # noqa: PLC0415
        from ..models.trace_step import TraceStep # noqa: PLC0415
        from ..models.variables import Variables # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

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


        angle = check_session_state_angle(d.pop("angle"))




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


        mode = check_session_state_mode(d.pop("mode"))




        digits = d.pop("digits")

        version = d.pop("version")

        token = d.pop("token", UNSET)

        token_id = d.pop("tokenId", UNSET)

        exact = d.pop("exact", UNSET)

        memories = cast(list[str], d.pop("memories", UNSET))


        _statistics = d.pop("statistics", UNSET)
        statistics: Statistics | Unset
        if isinstance(_statistics,  Unset):
            statistics = UNSET
        else:
            statistics = Statistics.from_dict(_statistics)




        _radix = d.pop("radix", UNSET)
        radix: SessionStateRadix | Unset
        if isinstance(_radix,  Unset):
            radix = UNSET
        else:
            radix = check_session_state_radix(_radix)




        _word = d.pop("word", UNSET)
        word: SessionStateWord | Unset
        if isinstance(_word,  Unset):
            word = UNSET
        else:
            word = check_session_state_word(_word)




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




        def _parse_convert(data: object) -> None | SessionConversionType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_conversion_type_0 = SessionConversionType0.from_dict(data)



                return componentsschemas_session_conversion_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SessionConversionType0 | Unset, data)

        convert = _parse_convert(d.pop("convert", UNSET))


        _notation = d.pop("notation", UNSET)
        notation: SessionStateNotation | Unset
        if isinstance(_notation,  Unset):
            notation = UNSET
        else:
            notation = check_session_state_notation(_notation)




        decimals = d.pop("decimals", UNSET)

        grouping = d.pop("grouping", UNSET)

        _fraction = d.pop("fraction", UNSET)
        fraction: SessionStateFraction | Unset
        if isinstance(_fraction,  Unset):
            fraction = UNSET
        else:
            fraction = check_session_state_fraction(_fraction)




        def _parse_locale(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        locale = _parse_locale(d.pop("locale", UNSET))


        _steps = d.pop("steps", UNSET)
        steps: list[TraceStep] | Unset = UNSET
        if _steps is not UNSET:
            steps = []
            for steps_item_data in _steps:
                steps_item = TraceStep.from_dict(steps_item_data)



                steps.append(steps_item)


        session_state = cls(
            id=id,
            display=display,
            expression=expression,
            pending=pending,
            error=error,
            memory=memory,
            angle=angle,
            second=second,
            variables=variables,
            awaiting=awaiting,
            mode=mode,
            digits=digits,
            version=version,
            token=token,
            token_id=token_id,
            exact=exact,
            memories=memories,
            statistics=statistics,
            radix=radix,
            word=word,
            radixes=radixes,
            stack=stack,
            convert=convert,
            notation=notation,
            decimals=decimals,
            grouping=grouping,
            fraction=fraction,
            locale=locale,
            steps=steps,
        )

        return session_state

