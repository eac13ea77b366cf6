/// One `driverport` subcommand.
public protocol Command: Sendable {
    /// The word that selects it (`inspect`).
    var name: String { get }
    /// One line for the command list.
    var summary: String { get }
    /// The full `--help` text.
    var help: String { get }
    /// Names of flags it accepts (without `--`).
    var flags: Set<String> { get }
    /// Names of options that take a value.
    var options: Set<String> { get }
    /// Runs it. Output goes through `console`; errors are thrown as ``CLIError`` (or mapped from others).
    func run(_ arguments: ArgumentList, console: Console) throws -> ExitCode
}
