import type { PersonItem } from './intro-page';

/**
 * The former principals. The people call's fields hold them as: plateType the
 * school's name at the time, post, fmsmTitle the name, fmsmDesc the
 * education, brith the tenure.
 */
export function PrincipalTable({ people }: { people: PersonItem[] }) {
  return (
    <table className="intro-table" aria-label="历任校长">
      <thead>
        <tr>
          <th scope="col">学校名称</th>
          <th scope="col">职务</th>
          <th scope="col">姓名</th>
          <th scope="col">学历</th>
          <th scope="col">任职时间</th>
        </tr>
      </thead>
      <tbody>
        {people.map((p) => (
          <tr key={p.fmsmId}>
            <td>{p.plateType}</td>
            <td>{p.post}</td>
            <td>{p.fmsmTitle}</td>
            <td>{p.fmsmDesc}</td>
            <td>{p.brith}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
