// Imported first by every entry point: Grafast reads GRAPHILE_ENV when it loads.
process.env.GRAPHILE_ENV ??= process.env.NODE_ENV === 'production' ? 'production' : 'development';
