export interface Parameter {
  parameterId: number;
  parameteCode: string;
  parameteValue: string;
  parameterName: string;
  parameterType: string;
  pic: string | null;
}

export interface Department {
  deptId: number;
  deptName: string;
  parentId: number | null;
  ifSelect: number;
}
