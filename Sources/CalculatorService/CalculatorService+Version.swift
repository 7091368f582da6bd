extension CalculatorService {
    /// This build's version, defined here only: `calculator-server --version` prints it and /metrics carries it as
    /// `calculator_build_info{version=…}`. Raised by hand with each release.
    public static let version = "1.0.0"
}
