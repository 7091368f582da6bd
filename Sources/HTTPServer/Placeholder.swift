// Placeholder: the HTTPServer module is being written.
