from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.problem_awaiting import check_problem_awaiting
from ..models.problem_awaiting import ProblemAwaiting
from ..models.problem_mode import check_problem_mode
from ..models.problem_mode import ProblemMode
from ..models.problem_radix import check_problem_radix
from ..models.problem_radix import ProblemRadix
from ..models.problem_reason import check_problem_reason
from ..models.problem_reason import ProblemReason
from ..models.problem_type import check_problem_type
from ..models.problem_type import ProblemType
from ..models.problem_word import check_problem_word
from ..models.problem_word import ProblemWord
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Problem")



@_attrs_define
class Problem:
    """ RFC 9457 problem details.

        Attributes:
            type_ (ProblemType): Which problem it is, one URI per kind, by the status it comes with: 400: `malformed-json`,
                `invalid-request`, `unknown-key`, `invalid-expression`, `invalid-session-id`, `invalid-idempotency-key`; 401:
                `unauthorized`; 404: `session-not-found`, `not-found`; 405: `method-not-allowed`; 412: `precondition-failed`;
                413: `too-many-keys`, `body-too-large`; 415: `unsupported-media-type`; 422: `key-refused`, `invalid-settings`,
                `idempotency-key-reused`, `session-too-large`, `invalid-conversion`, `invalid-date`, `invalid-data`; 429: `rate-
                limited`, `too-many-watchers`; 500: `internal-error`; 503: `too-many-sessions`, `too-many-session-watchers`,
                `store-unavailable`, `outcome-unknown`. `about:blank` (RFC 9457's generic kind, titled by its status) is what
                the HTTP layer answers before any route: a request target with a NUL byte (400), a server stopping before a
                write's reply was ready (503). The URIs name the kinds; they are not fetched.
            title (str):
            status (int):
            detail (str):
            instance (str | Unset):
            key (str | Unset): The unknown key, or the refused key's canonical name.
            index (int | Unset): Its position in the batch.
            mode (ProblemMode | Unset): The session's mode when a key is refused.
            reason (ProblemReason | Unset): Why a key is refused: it has no meaning in the mode; a digit outside the radix;
                sto or rcl waits for a variable key (x, y, z, t) or AC; a variable key without sto or rcl before it; `convert`
                while the session has no units (`convert` in PATCH); `=` or a bracket in RPN mode, whose operators take their
                operands from the stack (the detail says what to press instead); a bit key (`bit0` … `bit63`) past the word's
                size; a memory list key (`mr:3`) for an entry the list does not have.
            radix (ProblemRadix | Unset): The radix, for `not_in_radix`.
            awaiting (ProblemAwaiting | Unset): The waiting command, for `awaiting_variable`.
            word (ProblemWord | Unset): The word size in bits, for `not_in_word`.
            entries (int | Unset): For `no_memory_entry`: the entries the memory list holds.
            limit (int | Unset): The limit that was exceeded.
            offset (int | Unset): Byte offset of a JSON syntax error; for `invalid-expression`, where the expression stops
                making sense, in Unicode code points from 0.
            expected (str | Unset): For `invalid-expression`: what would have made sense there.
            found (str | Unset): For `invalid-expression`: what is there instead (a token, the number or name that is wrong,
                or `the end`).
            parameter (str | Unset): For a date that does not exist or an amount out of range (GET /dates/…): the query
                parameter.
            current_version (int | Unset): The session's version when If-Match failed.
     """

    type_: ProblemType
    title: str
    status: int
    detail: str
    instance: str | Unset = UNSET
    key: str | Unset = UNSET
    index: int | Unset = UNSET
    mode: ProblemMode | Unset = UNSET
    reason: ProblemReason | Unset = UNSET
    radix: ProblemRadix | Unset = UNSET
    awaiting: ProblemAwaiting | Unset = UNSET
    word: ProblemWord | Unset = UNSET
    entries: int | Unset = UNSET
    limit: int | Unset = UNSET
    offset: int | Unset = UNSET
    expected: str | Unset = UNSET
    found: str | Unset = UNSET
    parameter: str | Unset = UNSET
    current_version: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        title = self.title

        status = self.status

        detail = self.detail

        instance = self.instance

        key = self.key

        index = self.index

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode


        reason: str | Unset = UNSET
        if not isinstance(self.reason, Unset):
            reason = self.reason


        radix: str | Unset = UNSET
        if not isinstance(self.radix, Unset):
            radix = self.radix


        awaiting: str | Unset = UNSET
        if not isinstance(self.awaiting, Unset):
            awaiting = self.awaiting


        word: int | Unset = UNSET
        if not isinstance(self.word, Unset):
            word = self.word


        entries = self.entries

        limit = self.limit

        offset = self.offset

        expected = self.expected

        found = self.found

        parameter = self.parameter

        current_version = self.current_version


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "title": title,
            "status": status,
            "detail": detail,
        })
        if instance is not UNSET:
            field_dict["instance"] = instance
        if key is not UNSET:
            field_dict["key"] = key
        if index is not UNSET:
            field_dict["index"] = index
        if mode is not UNSET:
            field_dict["mode"] = mode
        if reason is not UNSET:
            field_dict["reason"] = reason
        if radix is not UNSET:
            field_dict["radix"] = radix
        if awaiting is not UNSET:
            field_dict["awaiting"] = awaiting
        if word is not UNSET:
            field_dict["word"] = word
        if entries is not UNSET:
            field_dict["entries"] = entries
        if limit is not UNSET:
            field_dict["limit"] = limit
        if offset is not UNSET:
            field_dict["offset"] = offset
        if expected is not UNSET:
            field_dict["expected"] = expected
        if found is not UNSET:
            field_dict["found"] = found
        if parameter is not UNSET:
            field_dict["parameter"] = parameter
        if current_version is not UNSET:
            field_dict["currentVersion"] = current_version

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = check_problem_type(d.pop("type"))




        title = d.pop("title")

        status = d.pop("status")

        detail = d.pop("detail")

        instance = d.pop("instance", UNSET)

        key = d.pop("key", UNSET)

        index = d.pop("index", UNSET)

        _mode = d.pop("mode", UNSET)
        mode: ProblemMode | Unset
        if isinstance(_mode,  Unset):
            mode = UNSET
        else:
            mode = check_problem_mode(_mode)




        _reason = d.pop("reason", UNSET)
        reason: ProblemReason | Unset
        if isinstance(_reason,  Unset):
            reason = UNSET
        else:
            reason = check_problem_reason(_reason)




        _radix = d.pop("radix", UNSET)
        radix: ProblemRadix | Unset
        if isinstance(_radix,  Unset):
            radix = UNSET
        else:
            radix = check_problem_radix(_radix)




        _awaiting = d.pop("awaiting", UNSET)
        awaiting: ProblemAwaiting | Unset
        if isinstance(_awaiting,  Unset):
            awaiting = UNSET
        else:
            awaiting = check_problem_awaiting(_awaiting)




        _word = d.pop("word", UNSET)
        word: ProblemWord | Unset
        if isinstance(_word,  Unset):
            word = UNSET
        else:
            word = check_problem_word(_word)




        entries = d.pop("entries", UNSET)

        limit = d.pop("limit", UNSET)

        offset = d.pop("offset", UNSET)

        expected = d.pop("expected", UNSET)

        found = d.pop("found", UNSET)

        parameter = d.pop("parameter", UNSET)

        current_version = d.pop("currentVersion", UNSET)

        problem = cls(
            type_=type_,
            title=title,
            status=status,
            detail=detail,
            instance=instance,
            key=key,
            index=index,
            mode=mode,
            reason=reason,
            radix=radix,
            awaiting=awaiting,
            word=word,
            entries=entries,
            limit=limit,
            offset=offset,
            expected=expected,
            found=found,
            parameter=parameter,
            current_version=current_version,
        )


        problem.additional_properties = d
        return problem

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
