//! The Spanish catalogue: the exact texts of the Spanish-spec console.
