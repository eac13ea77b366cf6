import SQLiteCipher

extension CipherDetection {
    /// MMEX's policy: SQLCipher 4 first (every `.emb` written by desktop 1.8.1 and later, iOS and Android), then
    /// wxSQLite3 AES-128-CBC (desktop before 1.8.1), then every other format; a new encrypted file is SQLCipher 4,
    /// as MMEX writes today.
    public static let mmex = CipherDetection.standard.preferring([.sqlcipher4, .aes128])
}

extension CipherChoice {
    /// Detection with MMEX's policy (``SQLiteCipher/CipherDetection/mmex``): what `driverport`'s `--cipher auto` and
    /// an MMEX session's automatic cipher mean.
    public static let mmex: CipherChoice = .detect(.mmex)
}
