import Foundation
import MMEXFiles
import SQLiteCipher

/// `driverport export`: a copy of a database with another cipher (or none), never touching the source.
struct ExportCommand: Command {
    let name = "export"
    let summary = "copy a database to a new file, plain or with another cipher and key (the source is only read)"
    let help = """
    Usage: driverport export FILE --to OUT [--to-cipher NAME] [--to-key-env NAME] [--page-size N] [--cipher NAME]
                                  [--key-env NAME | --key-file PATH | --key-stdin] [--json]

    Writes FILE's database to OUT, which must not exist: every table, index, trigger and view with the same rows
    and rowids, user_version, application_id and journal mode. Export an encrypted file to plain (the default),
    import a plain file into an encrypted one (--to-key-env), or change the cipher. OUT is written under a
    temporary name, read back, flushed, and only then named. FILE and its sidecars are never modified.

    Options:
      --to PATH          the new file
      --to-cipher NAME   none, sqlcipher4, sqlcipher3, sqlcipher2, sqlcipher1, aes128, aes256, chacha20, sqleet,
                         rc4, ascon128 or aegis[-VARIANT] (see --cipher)
                         (default: sqlcipher4 with --to-key-env, none without)
      --to-key-env NAME  the new file's passphrase is in environment variable NAME
      --page-size N      the new file's page size: a power of two from 512 to 65536 (default: the source's; 4096
                         for a new SQLCipher file, as SQLCipher's own default). Plain or encrypted alike.
    \(KeyOptions.help)
      --json             the new file's facts: path, cipher, pageSize, pageCount, userVersion, walMode
    """
    let flags: Set<String> = Set(["json"]).union(KeyOptions.flagNames)
    let options: Set<String> = Set(["to", "to-cipher", "to-key-env", "page-size"]).union(KeyOptions.optionNames)

    func run(_ arguments: ArgumentList, console: Console) throws -> ExitCode {
        let path = try arguments.requirePositionals(["FILE"])[0]
        let keyOptions = try KeyOptions(arguments)
        guard let destination = arguments.option("to") else { throw CLIError.usage("missing --to OUT; see --help") }
        if FileManager.default.fileExists(atPath: destination) { throw CipherError.outputExists(path: destination) }
        try OutputLocation.check(destination, what: "the copy")
        let targetOptions = try TargetKeyOptions(arguments, cipherOption: "to-cipher", keyEnvironmentOption: "to-key-env")
        let pageSize = try Self.pageSize(arguments)
        let report: CopyReport
        do {
            let newKey = try targetOptions.key()
            let format: CipherFormat? = targetOptions.format ?? (newKey != nil && targetOptions.choice == nil ? .sqlcipher4 : nil)
            if format != nil, newKey == nil { throw CLIError.usage("--to-cipher \(format?.rawValue ?? "") needs --to-key-env NAME") }
            if FileManager.default.fileExists(atPath: destination) { throw CipherError.outputExists(path: destination) }
            let database = try EncryptedOpen.readOnly(path, vfs: PageCodec.vfsName, keyOptions: keyOptions, console: console)
            report = try DatabaseCopy.export(
                from: database.connection, to: destination, as: CipherTarget(format: format, key: newKey, pageSize: pageSize)
            ) { progress in
                CopyProgressLine.draw(progress, console: console, verb: "exporting")
                return true
            }
            console.endProgress()
        } catch let error as CLIError {
            throw error
        } catch {
            throw ErrorMapping.cliError(for: error, path: path)
        }
        let output = CopyOutput(report)
        if arguments.flag("json") {
            try console.json(output)
        } else {
            console.line("exported \(path) to \(destination) (\(output.summary))")
        }
        return .ok
    }

    /// `--page-size N`: a power of two from 512 to 65536, checked before anything is opened or written.
    static func pageSize(_ arguments: ArgumentList) throws(CLIError) -> Int? {
        guard let text = arguments.option("page-size") else { return nil }
        guard let size = Int(text), (512...65536).contains(size), size & (size - 1) == 0 else {
            throw .usage("--page-size takes a power of two from 512 to 65536, not '\(text)'")
        }
        return size
    }
}
