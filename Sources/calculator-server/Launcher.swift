import ArgumentParser

/// `calculator-server [options]` serves; `calculator-server healthcheck [options]` checks a server. The check is a
/// command of its own rather than a subcommand: ArgumentParser gives an option that a command and its subcommand both
/// declare (--host, --port) to the command.
@main
enum Launcher {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == HealthCheckCommand.name {
            HealthCheckCommand.main(Array(arguments.dropFirst()))
        } else {
            CalculatorServer.main(arguments)
        }
    }
}
