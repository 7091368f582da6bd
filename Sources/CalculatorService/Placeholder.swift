// Placeholder: the CalculatorService module is being written.
