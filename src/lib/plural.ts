/** "1 post", "3 posts", "2 categories": a count with its noun. */
export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
