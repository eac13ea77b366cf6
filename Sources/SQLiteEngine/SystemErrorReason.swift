import Foundation

/// The operating system's reason for a failed file operation, in the words `strerror` uses, lower-cased
/// ("no such file or directory", "permission denied"): one wording for every command's error line, whether the
/// failure came from a system call or from Foundation (whose `localizedDescription` reads "The operation could not
/// be completed...", and whose `description` is a several-hundred-character dump).
package enum SystemErrorReason {
    /// The reason of `error`: its POSIX code (its own, or that of the error under it, or the one Foundation's file
    /// error code stands for), else its description.
    package static func of(_ error: any Error) -> String {
        if let code = posixCode(of: error) { return of(code: code) }
        let nsError = error as NSError
        return nsError.domain == NSCocoaErrorDomain ? nsError.localizedDescription : "\(error)"
    }

    /// `strerror(code)`, lower-cased.
    package static func of(code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }

    private static func posixCode(of error: any Error) -> Int32? {
        if let posix = error as? POSIXError { return posix.code.rawValue }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return Int32(nsError.code) }
        if let inner = nsError.userInfo[NSUnderlyingErrorKey] as? any Error, let code = posixCode(of: inner) {
            return code
        }
        guard nsError.domain == NSCocoaErrorDomain else { return nil }
        switch CocoaError.Code(rawValue: nsError.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return ENOENT
        case .fileReadNoPermission, .fileWriteNoPermission: return EACCES
        case .fileWriteFileExists: return EEXIST
        case .fileWriteOutOfSpace: return ENOSPC
        case .fileWriteVolumeReadOnly: return EROFS
        case .fileReadTooLarge: return EFBIG
        default: return nil
        }
    }
}
