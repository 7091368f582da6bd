// Placeholder: the CalculatorEngine module is being written.
