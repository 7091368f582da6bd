import sys
from calculator_client import Calculator, PreconditionFailed, SessionEnded, Settings, TooManyRequests
session = Calculator(sys.argv[1] if sys.argv[1:] else "http://127.0.0.1:8080", retries=0).create_session(Settings(angle="rad"))  # retries 0: a 429 raises at once
for event in session.follow():  # a second connection: the state now, then each new version, then the end
    if isinstance(event, SessionEnded): print("ended:", event.reason)  # deleted
    elif event.version == 1: session.press("12 + 30 =")
    else:
        print(event.display, event.mode, event.angle)  # 42 scientific rad
        try: session.press("× 2 =")
        except TooManyRequests as busy: print("429: again in", busy.retry_after, "s")
        try: session.update(Settings(digits=20), if_match=1)
        except PreconditionFailed as stale: print("412: now at version", stale.current_version)
        session.delete()
