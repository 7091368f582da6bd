// Placeholder: the SessionStore module is being written.
