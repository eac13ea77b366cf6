import Foundation
import SQLiteCipher

/// What `driverport shell` needs to hand a file to another SQLite client: where the codec extension is, the setup
/// lines that load it and key the file (SQLite3 Multiple Ciphers' pragmas), and a pipe that holds them.
enum CodecExtension {
    static let libraryName = "libdriverport_codec.so"

    /// The extension built beside the running `driverport` binary.
    static func libraryPath() throws -> String {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let library = executable.deletingLastPathComponent().appendingPathComponent(libraryName).path
        guard FileManager.default.fileExists(atPath: library) else {
            throw CLIError("\(library) is missing: build it with swift build --product driverport_codec",
                           exitCode: .software)
        }
        return library
    }

    /// SQLite3MC's `PRAGMA cipher` and `PRAGMA legacy` for a `--cipher` choice; nil: detect (no pragma).
    static func multipleCiphersNames(_ choice: CipherChoice) -> (cipher: String, legacy: Int)? {
        guard case .format(let format) = choice else { return nil }
        switch format {
        case .sqlcipher4: return ("sqlcipher", 4)
        case .sqlcipher3: return ("sqlcipher", 3)
        case .sqlcipher2: return ("sqlcipher", 2)
        case .sqlcipher1: return ("sqlcipher", 1)
        case .aes128: return ("aes128cbc", 0)
        case .aes256: return ("aes256cbc", 0)
        case .chacha20: return ("chacha20", 0)
        case .sqleet: return ("chacha20", 1)
        case .rc4: return ("rc4", 0)
        case .ascon128: return ("ascon128", 0)
        case .aegis128l, .aegis128x2, .aegis128x4, .aegis256, .aegis256x2, .aegis256x4: return ("aegis", 0)
        }
    }

    /// The shell's setup lines: load the extension (the codec becomes the default VFS), open `path` through it, then
    /// the cipher pragmas and the key. The caller wipes the result (it holds the passphrase).
    static func setupScript(library: String, path: String, choice: CipherChoice, passphrase: [UInt8]?) throws -> [UInt8] {
        for (label, value) in [("the file name", path), ("the extension's path", library)]
        where value.contains(where: { $0 == "\"" || $0 == "\\" || $0.isNewline }) {
            throw CLIError.usage("\(label) contains a quote, backslash or line break, which the shell cannot take")
        }
        var script = Array(".load \"\(library)\"\n.open \"\(path)\"\n".utf8)
        guard let passphrase else { return script }
        script += Array(".output /dev/null\n".utf8) // the pragmas' answers ("ok") are not the user's output
        if passphrase.contains(0) || passphrase.starts(with: Array("x'".utf8)) {
            throw CLIError.usage("the shell takes a passphrase only (no NUL byte, no raw x'...' key)")
        }
        if let names = multipleCiphersNames(choice) {
            script += Array("PRAGMA cipher = '\(names.cipher)';\n".utf8)
            if names.legacy > 0 { script += Array("PRAGMA legacy = \(names.legacy);\n".utf8) }
        }
        script += Array("PRAGMA key = '".utf8)
        for byte in passphrase {
            script.append(byte)
            if byte == UInt8(ascii: "'") { script.append(byte) }
        }
        script += Array("';\n.output stdout\n".utf8)
        return script
    }

    /// A pipe's read end (inheritable, close-on-exec off) holding `bytes`, its write end closed. The setup is far
    /// below a pipe's capacity (64 KiB on Linux), so the write never blocks.
    static func pipeHolding(_ bytes: [UInt8]) throws -> Int32 {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw CLIError("cannot make a pipe for the shell's setup", exitCode: .ioError) }
        let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        guard written == bytes.count, bytes.count < 65536 else {
            close(ends[0])
            throw CLIError("cannot hand the shell its setup through a pipe", exitCode: .ioError)
        }
        return ends[0]
    }
}
