// Placeholder: the executable is being written.
print("calculator-server")
