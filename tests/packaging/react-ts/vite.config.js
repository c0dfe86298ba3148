export default { oxc: { jsx: { runtime: 'automatic' } } };
