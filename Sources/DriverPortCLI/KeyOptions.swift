import Foundation
import SQLiteCipher

/// The key options of every command that opens a file: `--cipher`, and one of `--key-env`, `--key-file`,
/// `--key-stdin`. A passphrase is never an argument: `--key` is refused (without echoing what followed it).
struct KeyOptions {
    static let optionNames: Set<String> = ["cipher", "key-env", "key-file", "key"]
    static let flagNames: Set<String> = ["key-stdin"]

    /// The lines `--help` shows for these options.
    static let help = """
      --cipher NAME    auto (default: detect; MMEX tries sqlcipher4, then aes128), none, sqlcipher4, sqlcipher3,
                       sqlcipher2, sqlcipher1, aes128, aes256, chacha20, sqleet, rc4, ascon128, aegis (=
                       aegis-256), aegis-256x2, aegis-256x4, aegis-128l, aegis-128x2 or aegis-128x4
      --key-env NAME   the passphrase is in environment variable NAME
      --key-file PATH  the passphrase is the content of PATH (a trailing newline is ignored)
      --key-stdin      the passphrase is read from standard input (a trailing newline is ignored)
                       A key of the form x'<64 hex digits>' (or 96: key and salt) is a raw key. Without a key
                       option an encrypted file asks for its passphrase on a terminal, without echo.
    """

    /// Where the passphrase comes from.
    enum Source: Equatable {
        case environment(String)
        case file(String)
        case standardInput
    }

    let choice: CipherChoice
    let source: Source?
    /// Whether the keys these options read reuse derived keys (the run's setting: ``ArgumentList/reusesDerivedKeys``).
    let reusesDerivedKeys: Bool

    init(_ arguments: ArgumentList) throws(CLIError) {
        reusesDerivedKeys = arguments.reusesDerivedKeys
        if arguments.option("key") != nil {
            throw .usage("--key is refused: passphrases never go on the command line (they show in process lists and "
                + "shell history); use --key-env NAME, --key-file PATH or --key-stdin")
        }
        choice = try Self.cipher(arguments.option("cipher"), option: "cipher")
        var sources: [Source] = []
        if let name = arguments.option("key-env") { sources.append(.environment(name)) }
        if let path = arguments.option("key-file") { sources.append(.file(path)) }
        if arguments.flag("key-stdin") { sources.append(.standardInput) }
        guard sources.count <= 1 else { throw .usage("give only one of --key-env, --key-file and --key-stdin") }
        source = sources.first
        if case .none = choice, source != nil { throw .usage("--cipher none takes no key") }
    }

    /// Parses a cipher name given to `option`.
    /// `auto` (or no name) is MMEX's detection, ``MMEXFiles/SQLiteCipher/CipherChoice/mmex``.
    static func cipher(_ name: String?, option: String) throws(CLIError) -> CipherChoice {
        guard let name, name != "auto" else { return .mmex }
        guard let choice = CipherChoice(name: name) else {
            throw .usage("--\(option) takes one of \(CipherChoice.allNames.joined(separator: ", ")), not '\(name)'")
        }
        return choice
    }

    /// Whether `path` needs a key with these options: it is not plain SQLite, or a cipher was named.
    func needsKey(fileIsPlain: Bool) -> Bool {
        switch choice {
        case .none: false
        case .detect: !fileIsPlain
        case .format: true
        }
    }

    /// The key from the given source; without one, a prompt on a terminal when `needed`, else `nil`.
    ///
    /// - Parameter confirm: ask twice (a new key: a typo would lock the file).
    func key(needed: Bool, prompt: String, console: Console, confirm: Bool = false) throws -> CipherKey? {
        var bytes = try passphrase(needed: needed, prompt: prompt, console: console, confirm: confirm)
        defer { _ = bytes?.withUnsafeMutableBytes { buffer in buffer.initializeMemory(as: UInt8.self, repeating: 0) } }
        return try bytes.map { try CipherKey.parsing(bytes: $0).reusingDerivedKeys(reusesDerivedKeys) }
    }

    /// The passphrase bytes (as `PRAGMA key` takes them: `x'...'` is a raw key) from the given source; without one,
    /// a prompt on a terminal when `needed`, else `nil`. For callers that hand the key to a session
    /// (`MMEXModel.DatabaseKey`); the caller wipes them when done.
    func passphrase(needed: Bool, prompt: String, console: Console, confirm: Bool = false) throws -> [UInt8]? {
        if let source { return try Self.readBytes(source) }
        guard needed, console.stdinIsTerminal else { return nil }
        var first = try PassphrasePrompt.read(prompt)
        if confirm {
            var second = try PassphrasePrompt.read("Again, to confirm: ")
            defer { PassphrasePrompt.wipe(&second) }
            guard first == second else {
                PassphrasePrompt.wipe(&first)
                throw CLIError("the two passphrases differ; nothing was created", exitCode: .dataError)
            }
        }
        return first
    }

    /// The cipher and key of a new file (`create`, `fixture`): a named cipher needs a key, from the options or typed
    /// twice on a terminal; `auto` with a key means sqlcipher4 (what MMEX writes today); without a key, plain.
    ///
    /// - Throws: a usage error for a named cipher without a key (nothing has been written yet).
    func newFileTarget(for path: String, console: Console) throws -> CipherTarget {
        let named: CipherFormat? = if case .format(let format) = choice { format } else { nil }
        let key = try key(needed: named != nil, prompt: "Passphrase for the new file \(path): ", console: console, confirm: true)
        if let named, key == nil {
            throw CLIError.usage("--cipher \(named.rawValue) needs a key: give --key-env NAME, --key-file PATH or --key-stdin")
        }
        return try CipherTarget(newFile: choice, key: key)
    }

    /// Reads a key from a source.
    static func read(_ source: Source, reusesDerivedKeys: Bool) throws -> CipherKey {
        var bytes = try readBytes(source)
        defer { PassphrasePrompt.wipe(&bytes) }
        return try CipherKey.parsing(bytes: bytes).reusingDerivedKeys(reusesDerivedKeys)
    }

    /// The passphrase bytes from a source (a trailing newline of a file or standard input removed).
    static func readBytes(_ source: Source) throws -> [UInt8] {
        switch source {
        case .environment(let name):
            guard let value = getenv(name) else { throw CLIError.usage("environment variable \(name) is not set") }
            return Array(UnsafeBufferPointer(start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), count: strlen(value)))
        case .file(let path):
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CLIError("\(path): cannot read the key file", exitCode: .noInput)
            }
            return withoutTrailingNewline([UInt8](data))
        case .standardInput:
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return withoutTrailingNewline([UInt8](data))
        }
    }

    static func withoutTrailingNewline(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return bytes
    }
}

/// A new file's cipher and key, for `export --to-cipher/--to-key-env` and `rekey --to-cipher/--new-key-env`.
struct TargetKeyOptions {
    let choice: CipherChoice?
    let keySource: KeyOptions.Source?
    /// The run's setting (``ArgumentList/reusesDerivedKeys``).
    let reusesDerivedKeys: Bool

    init(_ arguments: ArgumentList, cipherOption: String, keyEnvironmentOption: String) throws(CLIError) {
        reusesDerivedKeys = arguments.reusesDerivedKeys
        if let name = arguments.option(cipherOption) {
            let parsed = try KeyOptions.cipher(name, option: cipherOption)
            if case .detect = parsed { throw .usage("--\(cipherOption) takes a cipher name or none, not auto") }
            choice = parsed
        } else {
            choice = nil
        }
        keySource = arguments.option(keyEnvironmentOption).map { .environment($0) }
        if case .none? = choice, keySource != nil { throw .usage("--\(cipherOption) none takes no --\(keyEnvironmentOption)") }
    }

    /// The format the choice names, if it names one.
    var format: CipherFormat? {
        if case .format(let format)? = choice { return format }
        return nil
    }

    func key() throws -> CipherKey? { try keySource.map { try KeyOptions.read($0, reusesDerivedKeys: reusesDerivedKeys) } }
}
