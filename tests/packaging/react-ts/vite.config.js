export default { esbuild: { jsx: 'automatic' }, oxc: { jsx: { runtime: 'automatic' } } };
