import Foundation
import MMEXModel
import MMEXSession
import MMEXSessionSupport
import PersistenceSession
import ShadowSessions

/// A shadow session over two MMEX sessions is an MMEX session: the app holds it where it held its session today
/// (`any MMEXSession`), and the candidate runs in its shadow.
///
/// The static functions open the control on the file and the candidate on a shadow copy in a private scratch folder
/// (``ShadowFolder/scratch(label:)``: memory-backed when the system has it), with the default ``ShadowOptions``
/// (every unit compared, nothing published: read ``ShadowSession/statistics``) and the configuration's id minter
/// given to both sides through ``ShadowDraws`` (the candidate mints the ids the control minted).
/// ``MMEXShadow/open(at:key:control:candidate:shadowFolder:options:minter:)`` takes the options and the folder.
extension ShadowSession: MMEXSession where Control: MMEXSession, Candidate: MMEXSession {
    public static var driver: DriverKind { Control.driver }

    public static func create(
        at path: String, key: DatabaseKey?, configuration: SessionConfiguration
    ) throws -> ShadowSession<Control, Candidate> {
        let draws = ShadowDraws<Int64>()
        ShadowTracking.prepare()
        let control = try Control.create(at: path, key: key, configuration: MMEXShadow.controlSide(configuration, draws))
        return try MMEXShadow.shadowing(
            control, Candidate.self, path: path, key: key, configuration: configuration, draws: draws,
            shadowFolder: MMEXShadow.temporaryFolder(), options: ShadowOptions()
        )
    }

    public static func open(
        at path: String, key: DatabaseKey?, access: SessionAccess, configuration: SessionConfiguration
    ) throws -> ShadowSession<Control, Candidate> {
        try MMEXShadow.open(
            at: path, key: key, access: access, control: Control.self, candidate: Candidate.self,
            shadowFolder: MMEXShadow.temporaryFolder(), options: ShadowOptions(), minter: configuration.minter
        )
    }

    /// Refused: a shadow compares on a copy of a file, and an in-memory sample has none.
    public static func openInMemorySample(configuration: SessionConfiguration) throws -> ShadowSession<Control, Candidate> {
        throw PersistenceError.invalidUse("a shadow session compares the candidate on a copy of a file; an in-memory sample has no file")
    }
}

/// Opening shadow sessions over MMEX files.
public enum MMEXShadow {
    /// Opens `control` on the file at `path` for the app, and prepares `candidate` to run in its shadow on a copy in
    /// `shadowFolder` (made at the first compared unit).
    ///
    /// - Parameters:
    ///   - key: the file's key (both sides and the inspection of the copy use it; the copy stays encrypted).
    ///   - minter: the app's id minter: the control draws from it, the candidate replays what the control drew in
    ///     the same unit, so both insert the same ids.
    /// - Throws: what opening the control throws (the app's errors); the candidate is not opened yet.
    public static func open<C: MMEXSession, D: MMEXSession>(
        at path: String, key: DatabaseKey?, access: SessionAccess = .readWrite, control: C.Type, candidate: D.Type,
        shadowFolder: URL, options: ShadowOptions, minter: IdentifierMinter = .system
    ) throws -> ShadowSession<C, D> {
        let draws = ShadowDraws<Int64>()
        let configuration = SessionConfiguration(minter: minter)
        // The control's writes are seen by the changed-pages tracker only if it opens through it.
        ShadowTracking.prepare()
        let opened = try C.open(at: path, key: key, access: access, configuration: controlSide(configuration, draws))
        return try shadowing(
            opened, D.self, path: path, key: key, configuration: configuration, draws: draws, shadowFolder: shadowFolder,
            options: options
        )
    }

    /// ``open(at:key:access:control:candidate:shadowFolder:options:minter:)`` with the sides chosen at run time
    /// (`driverport shadow --control legacy --candidate pool`).
    public static func open(
        at path: String, key: DatabaseKey?, control: any MMEXSession.Type, candidate: any MMEXSession.Type,
        shadowFolder: URL, options: ShadowOptions, minter: IdentifierMinter = .system
    ) throws -> any MMEXSession & ShadowStatusReporting {
        func withCandidate<C: MMEXSession>(_ control: C.Type) throws -> any MMEXSession & ShadowStatusReporting {
            func both<D: MMEXSession>(_ candidate: D.Type) throws -> any MMEXSession & ShadowStatusReporting {
                let session: ShadowSession<C, D> = try open(
                    at: path, key: key, access: .readWrite, control: C.self, candidate: D.self, shadowFolder: shadowFolder,
                    options: options, minter: minter
                )
                return session
            }
            return try both(candidate)
        }
        return try withCandidate(control)
    }

    static func controlSide(_ configuration: SessionConfiguration, _ draws: ShadowDraws<Int64>) -> SessionConfiguration {
        let minter = configuration.minter
        return SessionConfiguration(minter: IdentifierMinter { draws.control(minter.next) })
    }

    static func shadowing<C: MMEXSession, D: MMEXSession>(
        _ control: C, _ candidate: D.Type, path: String, key: DatabaseKey?, configuration: SessionConfiguration,
        draws: ShadowDraws<Int64>, shadowFolder: URL, options: ShadowOptions
    ) throws -> ShadowSession<C, D> {
        let sessionKey: SessionKey?
        do {
            sessionKey = try key.map(SessionKey.init)
        } catch {
            try? control.close()
            throw error
        }
        let minter = configuration.minter
        let candidateConfiguration = SessionConfiguration(minter: IdentifierMinter { draws.candidate(minter.next) })
        var options = options
        options.draws.append(draws)
        return ShadowSession(
            control: control, file: path, shadowFolder: shadowFolder,
            openCandidate: { shadowPath in
                try D.open(at: shadowPath, key: key, access: .readWrite, configuration: candidateConfiguration)
            },
            inspect: { inspected in try SessionKey.openForInspection(inspected, key: sessionKey) },
            options: options
        )
    }

    static func temporaryFolder() -> URL {
        ShadowFolder.scratch()
    }
}
