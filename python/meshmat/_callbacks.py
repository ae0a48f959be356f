"""Python callables called from C (ctypes callbacks): user maps and lambdas,
progress functions. An exception inside one cannot cross the C frames, so it
is kept (the C side gets a neutral result, and no further calls reach the
Python function) and raised again once the C call returns. The wrapped
functions are kept alive here for as long as C may call them."""


class Callbacks:
    def __init__(self):
        self.error = None
        self.keep = []

    def wrap(self, cfunctype, call, failed=None):
        """A cfunctype calling call(*c_args); failed is what C gets after an exception."""
        def guarded(*args):
            if self.error is None:
                try:
                    return call(*args)
                except BaseException as e:  # noqa: B036 - raised again after the C call
                    self.error = e
            return failed
        c_fn = cfunctype(guarded)
        self.keep.append(c_fn)
        return c_fn

    def raise_pending(self):
        """Raise (once) the exception a callable raised during the last C call."""
        error, self.error = self.error, None
        if error is not None:
            raise error
