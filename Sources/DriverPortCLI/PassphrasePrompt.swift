import Foundation

/// Asks for a passphrase on the terminal with echo off (termios), restoring the terminal even on Ctrl-C.
enum PassphrasePrompt {
    /// The terminal's settings while echo is off, for the signal handler to put back.
    // nonisolated(unsafe): written only on the main thread before the handler is installed and after it is removed.
    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var descriptor: Int32 = -1

    /// Writes `prompt` to the terminal and reads one line without echo.
    static func read(_ prompt: String) throws -> [UInt8] {
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY)
        let fd = tty >= 0 ? tty : STDIN_FILENO
        defer { if tty >= 0 { close(tty) } }
        var original = termios()
        guard tcgetattr(fd, &original) == 0 else { throw CLIError("cannot read the terminal's settings", exitCode: .ioError) }
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        saved = original
        descriptor = fd
        let previous = signal(SIGINT) { signalNumber in
            tcsetattr(PassphrasePrompt.descriptor, TCSAFLUSH, &PassphrasePrompt.saved)
            signal(signalNumber, SIG_DFL)
            raise(signalNumber)
        }
        tcsetattr(fd, TCSAFLUSH, &silent)
        // The prompt only once echo is off (as getpass does): what is typed after it is neither shown nor flushed.
        write(fd, prompt)
        defer {
            tcsetattr(fd, TCSAFLUSH, &original)
            signal(SIGINT, previous)
            write(fd, "\n")
        }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while Foundation.read(fd, &byte, 1) == 1, byte != UInt8(ascii: "\n") {
            line.append(byte)
        }
        defer { wipe(&line) }
        return KeyOptions.withoutTrailingNewline(line)
    }

    /// Overwrites typed bytes once they are no longer needed.
    static func wipe(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { buffer in
            if let base = buffer.baseAddress { _ = memset(base, 0, buffer.count) }
        }
    }

    private static func write(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
    }
}
