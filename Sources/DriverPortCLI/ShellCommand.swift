import Foundation
import MMEXFiles
import SQLiteCipher

/// `driverport shell`: Debian's sqlite3 shell on a file, encrypted or not, with the codec extension loaded and the
/// key applied; the passphrase reaches the shell through an inherited pipe it reads as its `-init` file.
struct ShellCommand: Command {
    let name = "shell"
    let summary = "start the sqlite3 shell on a file (encrypted or not) with the codec loaded and the key applied"
    let help = """
    Usage: driverport shell FILE [--cipher NAME] [--key-env NAME | --key-file PATH | --key-stdin]

    Replaces itself with Debian's sqlite3 shell (/usr/bin/sqlite3; package sqlite3) on FILE, with the codec
    extension (libdriverport_codec.so, built beside driverport) loaded, so the shell reads and writes FILE in its
    own format. The shell's setup (.load, .open, PRAGMA key) is written to a pipe that the shell inherits and reads
    as its -init file (/proc/self/fd/N): the passphrase is never on a command line, never in the shell's
    environment (a --key-env variable is removed before the shell starts) and never in a file on disk, and no
    plaintext copy of FILE is made. Without a key option an encrypted file asks for its passphrase first.
    --key-stdin uses up standard input, so the shell then ends at once: use it only for scripts.

    Options:
    \(KeyOptions.help)
    """
    let flags: Set<String> = KeyOptions.flagNames
    let options: Set<String> = KeyOptions.optionNames

    static let shellPath = "/usr/bin/sqlite3"

    func run(_ arguments: ArgumentList, console: Console) throws -> ExitCode {
        let path = try arguments.requirePositionals(["FILE"])[0]
        let keyOptions = try KeyOptions(arguments)
        guard FileManager.default.isExecutableFile(atPath: Self.shellPath) else {
            throw CLIError("\(Self.shellPath) is missing: install Debian's sqlite3 shell (apt-get install sqlite3)",
                           exitCode: .software)
        }
        let library = try CodecExtension.libraryPath()
        let probe: FileProbe
        do { probe = try FileProbe.examine(path) } catch { throw ErrorMapping.cliError(for: error, path: path) }
        var passphrase = try keyOptions.passphrase(
            needed: keyOptions.needsKey(fileIsPlain: probe.kind == .plainSQLite), prompt: "Passphrase for \(path): ",
            console: console)
        defer { _ = passphrase?.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0) } }
        var script = try CodecExtension.setupScript(
            library: library, path: path, choice: keyOptions.choice, passphrase: passphrase)
        defer { PassphrasePrompt.wipe(&script) }
        let descriptor = try CodecExtension.pipeHolding(script)
        if case .environment(let variable) = keyOptions.source { unsetenv(variable) }
        let argv = [Self.shellPath, "-init", "/proc/self/fd/\(descriptor)", ":memory:"]
        let cArguments = argv.map { strdup($0) } + [nil]
        execv(Self.shellPath, cArguments)
        let reason = String(cString: strerror(errno))
        close(descriptor)
        throw CLIError("cannot start \(Self.shellPath): \(reason)", exitCode: .software)
    }
}
